import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import './ui.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** `primary` (filled), `default` (outlined) or `link` (text in the link colour). */
  variant?: 'primary' | 'default' | 'link';
  /** The button's `type` attribute (as antd's `htmlType`). */
  htmlType?: 'button' | 'submit' | 'reset';
  /** Full width. */
  block?: boolean;
  /** Shows a spinner and ignores clicks (a submit button does not submit again); `aria-busy` tells it. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
}

/** Two Chinese characters alone are spaced apart, as antd does ("登 录"). */
const TWO_CJK = /^[\u4e00-\u9fa5]{2}$/;

/**
 * A button drawn like antd's (primary, default, link; block; loading; disabled) from the `--k-*` tokens of
 * `ui.css`, for pages that must stay small (the sign-in page: antd Button with its wave effect and style engine is
 * about 14 KB gzip). While loading it stays focusable and enabled for assistive technology but swallows clicks, as
 * antd's does, so pressing Enter in a form does not submit twice.
 */
export function Button(props: ButtonProps) {
  const {
    variant = 'default',
    htmlType = 'button',
    block,
    loading = false,
    icon,
    className,
    children,
    onClick,
    ref,
    ...rest
  } = props;
  const classes = ['k-button', `k-button--${variant}`];
  if (block) classes.push('k-button--block');
  if (loading) classes.push('is-loading');
  if (className) classes.push(className);
  const spaced = variant !== 'link' && !icon && typeof children === 'string' && TWO_CJK.test(children);

  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      ref={ref}
      type={htmlType}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      onClick={click}
    >
      {loading ? (
        <span className="k-spinner" aria-hidden />
      ) : (
        icon && (
          <span className="k-button-icon" aria-hidden>
            {icon}
          </span>
        )
      )}
      {spaced ? <span className="k-button-spaced">{children}</span> : children}
    </button>
  );
}
