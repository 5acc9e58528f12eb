module tessera/bench/go-symbols

go 1.21
