/** The product mark and name. The mark is the same drawing as the app icons (public/favicon.svg). */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold ${className ?? ""}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M8 13v6M12 10v12M16 7v18M20 11v10M24 14v4" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="text-lg tracking-tight">Verbatim</span>
    </span>
  );
}
