import { CheckCircleIcon } from './icons.tsx';

/** The green tick above a success page's heading: done, at a glance. Decorative: the heading says it. */
export function SuccessMark() {
  return (
    <span className="success-mark" aria-hidden="true">
      <CheckCircleIcon />
    </span>
  );
}
