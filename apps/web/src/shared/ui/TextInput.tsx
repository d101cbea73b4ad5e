import { type InputHTMLAttributes, type MouseEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { EyeIcon } from './line-icons';
import './ui.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size'> {
  /** An icon before the text (decorative). */
  prefix?: ReactNode;
  /** Content after the text, e.g. a button. */
  suffix?: ReactNode;
  /** `error` draws the border (and the prefix) in the error colour; pair it with `aria-invalid`. */
  status?: 'error';
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

/**
 * A text input drawn like antd's Input (outlined, middle size; hover, focus ring, error, disabled) from the `--k-*`
 * tokens of `ui.css`. The frame is a `span` holding the optional prefix, the `input` (which gets every input prop:
 * id, value, aria-*, data-testid) and the optional suffix; a press on the frame focuses the input. Decision: the
 * sign-in page uses it instead of antd Input and Input.Password (about 11 KB gzip with their style engine).
 */
export function TextInput(props: TextInputProps) {
  const { prefix, suffix, status, className, style, ref, disabled, ...rest } = props;
  const input = useRef<HTMLInputElement | null>(null);
  const classes = ['k-input'];
  if (status === 'error') classes.push('k-input--error');
  if (disabled) classes.push('is-disabled');
  if (className) classes.push(className);

  const setRef = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  // A press on the frame or the prefix (not on the input or a control in the suffix) focuses the input.
  const onMouseDown = (event: MouseEvent<HTMLSpanElement>) => {
    const target = event.target as HTMLElement;
    if (target === input.current || target.closest('button')) return;
    event.preventDefault();
    input.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the input itself is focusable.
    <span className={classes.join(' ')} style={style} onMouseDown={onMouseDown}>
      {prefix && (
        <span className="k-input-prefix" aria-hidden>
          {prefix}
        </span>
      )}
      <input {...rest} ref={setRef} disabled={disabled} className="k-input-field" />
      {suffix && <span className="k-input-suffix">{suffix}</span>}
    </span>
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'suffix'> {
  /** The accessible name of the show-password toggle (e.g. "Show password"); its state is `aria-pressed`. */
  toggleLabel: string;
}

/** A password input with a toggle button that shows or hides the text (an eye, struck through while hidden). */
export function PasswordInput(props: PasswordInputProps) {
  const { toggleLabel, disabled, ...rest } = props;
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...rest}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="k-input-toggle"
          aria-label={toggleLabel}
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={!visible} />
        </button>
      }
    />
  );
}
