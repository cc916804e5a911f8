import { z } from 'zod';
import { settingsMessages } from './messages.ts';

const webAddress = /^https?:\/\/[^\s]+$/i;
const contactAddress = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;

/** Installation settings of Admin Setting (super). */
export const installationSettings = z.object({
  registration_open: z.boolean(),
  /** Where Bespoke and a closed registration send people: a web page or a mailto: address. */
  bespoke_contact: z.string(),
  help_url: z.string(),
});
export type InstallationSettings = z.infer<typeof installationSettings>;

export const installationSettingsBody = z.object({
  registration_open: z.boolean().optional(),
  bespoke_contact: z.string().trim().max(500).regex(contactAddress, settingsMessages.invalidAddress).optional(),
  help_url: z.string().trim().max(500).regex(webAddress, settingsMessages.invalidHelpUrl).optional(),
});
export type InstallationSettingsBody = z.input<typeof installationSettingsBody>;
