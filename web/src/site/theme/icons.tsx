// Inline icons (a few hundred bytes each; no icon font or library).

const common = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const SunIcon = () => (
  <svg {...common}>
    <path
      fill="currentColor"
      d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1.5 3h-3L12 2Zm0 20-1.5-3h3L12 22ZM2 12l3-1.5v3L2 12Zm20 0-3 1.5v-3l3 1.5ZM4.9 4.9l3.2 1.1-2.1 2.1-1.1-3.2Zm14.2 14.2-3.2-1.1 2.1-2.1 1.1 3.2ZM4.9 19.1l1.1-3.2 2.1 2.1-3.2 1.1ZM19.1 4.9l-1.1 3.2-2.1-2.1 3.2-1.1Z"
    />
  </svg>
);
export const MoonIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M9.4 2.6A9.5 9.5 0 1 0 21.4 14.6 7.5 7.5 0 0 1 9.4 2.6Z" />
  </svg>
);
export const SystemIcon = () => (
  <svg {...common}>
    <path
      fill="currentColor"
      d="M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-7v2h3v2H7v-2h3v-2H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v9h16V6H4Z"
    />
  </svg>
);
export const SearchIcon = () => (
  <svg {...common}>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM20 20l-4.7-4.7"
    />
  </svg>
);
export const MenuIcon = () => (
  <svg {...common} width={26} height={26}>
    <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = ({ size = 16 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="m5 5 14 14M19 5 5 19" />
  </svg>
);
export const ExternalIcon = () => (
  <svg {...common} width={12} height={12} className="icon-external">
    <path
      fill="currentColor"
      d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z"
    />
  </svg>
);
export const LanguageIcon = () => (
  <svg {...common} width={18} height={18}>
    <path
      fill="currentColor"
      d="m12.9 15.1-2.5-2.5v-.1A17.6 17.6 0 0 0 14.1 6H17V4h-7V2H8v2H1v2h11.2A15.7 15.7 0 0 1 9 11.4 15.7 15.7 0 0 1 6.7 8H4.7a17.6 17.6 0 0 0 3 4.5l-5.1 5 1.4 1.4 5-5 3.1 3.1.8-1.9ZM18.5 10h-2L12 22h2l1.1-3h4.8l1.1 3h2l-4.5-12Zm-2.6 7 1.6-4.3 1.6 4.3h-3.2Z"
    />
  </svg>
);
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable={false}>
    <rect width="32" height="32" rx="6" fill="#1f4e8c" />
    <path d="M6 6h9v9H6zM17 6h9v9h-9zM6 17h9v9H6z" fill="#fff" />
    <path d="M17 17h9v9h-9z" fill="#7fb2ff" />
  </svg>
);
