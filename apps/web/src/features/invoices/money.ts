import { formatMoney, milliToDecimal } from '@lexdesk/contract';

/** An amount for people, in the invoice's currency (the contract's one formatter: the PDF shows the same). */
export const money = (minor: number, currency: string) => formatMoney(minor, currency);

/** A tax rate in thousandths of a percent as '9.975 %'. */
export const percent = (milli: number) => `${milliToDecimal(milli)} %`;

/** Seconds as '1h 20m' / '45m' / '30s' (raw and uplifted time on time lines). */
export function minutesText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  if (h === 0 && m === 0) return `${sign}${s}s`;
  const parts = [h ? `${h}h` : '', m ? `${m}m` : '', s && h === 0 ? `${s}s` : ''].filter(Boolean);
  return sign + parts.join(' ');
}
