/* A handful of inline icons (no icon library in the bundle). Decorative: aria-hidden. */
const Svg = ({ d }: { d: string }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
export const CloseIcon = () => <Svg d="M6 6l12 12M18 6L6 18" />;
export const MenuIcon = () => <Svg d="M4 6h16M4 12h16M4 18h16" />;
export const ChevronDownIcon = () => <Svg d="M6 9l6 6 6-6" />;
export const InfoIcon = () => <Svg d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01" />;
export const MegaphoneIcon = () => <Svg d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM15 9a3 3 0 0 1 0 6M18 6a7 7 0 0 1 0 12" />;
export const ChatIcon = () => <Svg d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />;
