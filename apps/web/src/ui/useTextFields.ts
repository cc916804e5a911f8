import { useState } from 'react';

/**
 * A form's text fields and their messages: `field(name)` hands a TextField its value, a change handler that
 * also clears the field's message, and the message (else `help`) as its helper text. `E` names messages of
 * other inputs of the form (a picker) kept beside the fields'.
 */
export function useTextFields<F extends string, E extends string = never>(initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F | E, string>>>({});
  const field = (name: F, help?: string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((old) => ({ ...old, [name]: event.target.value }));
      setErrors((old) => ({ ...old, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ?? help,
  });
  return { values, setValues, errors, setErrors, field };
}
