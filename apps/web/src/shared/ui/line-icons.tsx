import type { ReactNode } from 'react';

/**
 * Small line icons drawn inline (1em, current colour) where antd's icon components would each cost a chunk of
 * their own: the select's chevron and check mark, the password toggle's eye (about 2 KB gzip of the sign-in page
 * and the console shell together).
 */
function LineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ChevronDownIcon = ({ className }: { className?: string }) => (
  <LineIcon className={className}>
    <path d="M1.8 5.2 8 11l6.2-5.8" />
  </LineIcon>
);

export const CheckIcon = ({ className }: { className?: string }) => (
  <LineIcon className={className}>
    <path d="M1.4 8.6 5.8 13l8.8-9.4" />
  </LineIcon>
);

const EYE = 'M1.2 8C2.8 4.9 5.1 3.3 8 3.3s5.2 1.6 6.8 4.7c-1.6 3.1-3.9 4.7-6.8 4.7S2.8 11.1 1.2 8Z';

/** An open eye, or (`crossed`) one struck through. */
export const EyeIcon = ({ crossed }: { crossed?: boolean }) => (
  <LineIcon>
    <path d={EYE} />
    <circle cx="8" cy="8" r="2.2" />
    {crossed && <path d="M2.5 13.5 13.5 2.5" />}
  </LineIcon>
);

/** A globe: the language switch. */
export const GlobeIcon = () => (
  <LineIcon>
    <circle cx="8" cy="8" r="6.6" />
    <path d="M1.4 8h13.2M8 1.4c1.9 1.8 2.8 4 2.8 6.6S9.9 12.8 8 14.6M8 1.4C6.1 3.2 5.2 5.4 5.2 8s.9 4.8 2.8 6.6" />
  </LineIcon>
);

/** Three sliders: the back office. */
export const SlidersIcon = () => (
  <LineIcon>
    <path d="M2 4h12M2 8h12M2 12h12" />
    <circle cx="5" cy="4" r="1.5" fill="currentColor" />
    <circle cx="11" cy="8" r="1.5" fill="currentColor" />
    <circle cx="6.5" cy="12" r="1.5" fill="currentColor" />
  </LineIcon>
);
