/** The Sinalize mark (a screen with a play sign) and name, for the pairing and idle screens. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`logo ${className ?? ''}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="logo-mark">
        <rect x="2" y="5" width="28" height="18" rx="3" fill="#3b5bfd" />
        <rect x="11" y="25" width="10" height="2" rx="1" fill="#a5b4fc" />
        <path d="M13 10l7 4-7 4z" fill="#fff" />
      </svg>
      <span className="logo-name">Sinalize</span>
    </span>
  );
}
