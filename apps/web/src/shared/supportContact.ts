/** The support mailbox the landing page's plan buttons write to (one place to change it). */
export const SUPPORT_EMAIL = 'support@kelvin.example';

export function supportMailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
