import type { ReactNode } from 'react';

export interface SecurityRowProps {
  icon: ReactNode;
  title: ReactNode;
  /** Short marks beside the title: "This device", "Failed". */
  badges?: ReactNode;
  /** The facts, each a piece of its own (method, network, dates); they wrap between pieces only. */
  details: ReactNode[];
  /** Buttons and their confirmations, under the details. */
  actions?: ReactNode;
  /** A failed or locked event: marked beyond its badge by the row's accent. */
  alert?: boolean;
  /** The row's name for assistive technology, where the title alone does not say it. */
  label?: string;
}

/**
 * One row of Devices and sessions or Security activity, in two lines: the device or event with
 * its badges on top, the details under it, all starting at the same edge beside the icon, so
 * the eye runs down one column instead of hunting for where each row's text begins.
 */
export function SecurityRow({ icon, title, badges, details, actions, alert = false, label }: SecurityRowProps) {
  return (
    <li className={alert ? 'security-list__item security-row security-row--alert' : 'security-list__item security-row'} aria-label={label}>
      <span className="security-row__icon">{icon}</span>
      <span className="security-row__head">
        <strong className="security-row__title">{title}</strong>
        {badges}
      </span>
      <span className="security-list__details security-row__details">
        {details.map((detail, index) => (
          <span key={index} className="security-row__detail">
            {detail}
          </span>
        ))}
      </span>
      {actions && <span className="security-row__actions">{actions}</span>}
    </li>
  );
}

/** A phone or tablet browser, by the words the device line is made of ("Safari 17 · iOS 17.5"). */
export function isHandheld(device: string): boolean {
  return /\b(iOS|iPhone|iPad|Android|Mobile)\b/i.test(device);
}
