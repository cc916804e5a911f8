import Button from '@mui/material/Button';

/**
 * Under a long multi-select picker: "Select all N" picks every option at once, "Clear all" empties the choice (a
 * firm choosing twenty documents should not need forty clicks). Shown from `min` options up.
 */
export function SelectAllButton<T>({
  options,
  chosen,
  onChange,
  what,
  min = 5,
}: {
  options: readonly T[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  /** What the options are, for the button's name ("documents"). */
  what: string;
  min?: number;
}) {
  if (options.length < min) return null;
  const all = chosen.length >= options.length;
  return (
    <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => onChange(all ? [] : [...options])}>
      {all ? `Clear all ${what}` : `Select all ${options.length} ${what}`}
    </Button>
  );
}
