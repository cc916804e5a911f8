import { PASSWORD_MIN_LENGTH } from '@lexdesk/contract';
import Typography from '@mui/material/Typography';
import { PasswordField } from './PasswordField.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

interface PasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  passwordLabel?: string;
  disabled?: boolean;
  /** The account's email, for password managers (a hidden username field in the same form). */
  username?: string;
}

/** New password, its strength meter and rules, and the confirmation (set/reset password, create admin, profile). */
export function PasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  passwordLabel = 'Password',
  disabled = false,
  username,
}: PasswordFieldsProps) {
  return (
    <>
      {username !== undefined && (
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      )}
      <PasswordField
        label={passwordLabel}
        name="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        autoComplete="new-password"
        fullWidth
        margin="normal"
        disabled={disabled}
      />
      <PasswordStrengthMeter password={password} />
      <Typography variant="caption" color="text.secondary" component="p">
        At least {PASSWORD_MIN_LENGTH} characters, with upper case, lower case, a number and a special character. No
        spaces.
      </Typography>
      <PasswordField
        label="Confirm password"
        name="confirm-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        autoComplete="new-password"
        fullWidth
        margin="normal"
        disabled={disabled}
      />
    </>
  );
}
