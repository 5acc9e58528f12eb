// Names the Go functions at the code offsets it reads, one hexadecimal offset into the executable
// file a line (what `perf script` prints for a frame of a mapped executable), from a Go executable
// whose symbol table was stripped (the Temporal CLI's release is): Go keeps its own function table
// (.gopclntab) in every binary for its stack traces, and that is all this needs.
// Prints "offset name" a line, "?" for an offset outside any function.
// Used by scripts/bench/server-profile.ts to read `perf` samples of the Temporal server.
package main

import (
	"bufio"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-symbols <go executable> < addresses")
		os.Exit(2)
	}
	file, err := elf.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer file.Close()
	table, err := functionTable(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		name := "?"
		if offset, err := strconv.ParseUint(strings.TrimPrefix(line, "0x"), 16, 64); err == nil {
			if address, mapped := addressOf(file, offset); mapped {
				if fn := table.PCToFunc(address); fn != nil {
					name = fn.Name
				}
			}
		}
		fmt.Fprintln(out, line, name)
	}
}

// The virtual address a file offset is loaded at, from the executable's loadable segments.
func addressOf(file *elf.File, offset uint64) (uint64, bool) {
	for _, segment := range file.Progs {
		if segment.Type == elf.PT_LOAD && offset >= segment.Off && offset < segment.Off+segment.Filesz {
			return segment.Vaddr + (offset - segment.Off), true
		}
	}
	return 0, false
}

func functionTable(file *elf.File) (*gosym.Table, error) {
	pclntab, text := file.Section(".gopclntab"), file.Section(".text")
	if pclntab == nil || text == nil {
		return nil, fmt.Errorf("the executable has no Go function table")
	}
	data, err := pclntab.Data()
	if err != nil {
		return nil, err
	}
	return gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
}
