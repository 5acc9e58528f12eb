// The secure fields as merchants' pages get them (headless SDK): the core (./secure-fields.ts,
// which the widget uses as it is) plus what a page of someone else's needs: its style checked
// early, containers named by CSS selector, developer errors for a field mounted twice or unknown,
// and classes on each container that follow its field (tessera-field--focus, --invalid,
// --complete, --empty) for the page's own CSS.
import { TesseraCheckoutError } from '../headless/errors';
import { createSecureFields } from './secure-fields';
import type { SecureFieldName, SecureFields, SecureFieldsOptions, SecureFieldState } from './secure-fields-api';
import { SECURE_FIELD_KINDS } from './protocol';
import { inspectStyle } from './style-check';

const CLASS = 'tessera-field';

function toggleClasses(container: Element, state: SecureFieldState | undefined, focused?: boolean): void {
  const list = container.classList;
  list.add(CLASS);
  if (focused !== undefined) list.toggle(`${CLASS}--focus`, focused);
  if (!state) return;
  list.toggle(`${CLASS}--invalid`, state.error !== undefined);
  list.toggle(`${CLASS}--complete`, state.complete && state.valid);
  list.toggle(`${CLASS}--empty`, state.empty);
}

export function createPublicSecureFields(options: SecureFieldsOptions): SecureFields {
  const fields = createSecureFields(options, inspectStyle);
  const containers = new Map<SecureFieldName, Element>();
  fields.on('change', (state) => {
    const container = containers.get(state.field);
    if (container) toggleClasses(container, state);
  });
  fields.on('blur', (state) => {
    const container = containers.get(state.field);
    if (container) toggleClasses(container, state, false);
  });
  fields.on('focus', ({ field }) => {
    const container = containers.get(field);
    if (container) toggleClasses(container, undefined, true);
  });

  return {
    ...fields,
    // Getters are read from the core each time, not copied once.
    get states() {
      return fields.states;
    },
    get valid() {
      return fields.valid;
    },
    get brands() {
      return fields.brands;
    },
    mount(name, target, mountOptions) {
      if (!(SECURE_FIELD_KINDS as readonly string[]).includes(name))
        throw new TesseraCheckoutError(
          'invalid_options',
          `Unknown secure field "${String(name)}" (${SECURE_FIELD_KINDS.join(', ')}).`,
        );
      if (containers.has(name))
        throw new TesseraCheckoutError('invalid_options', `The ${name} field is already mounted.`);
      const container = typeof target === 'string' ? document.querySelector(target) : target;
      if (!(container instanceof Element))
        throw new TesseraCheckoutError('invalid_options', `No element matches ${JSON.stringify(target)}.`);
      const mounted = fields.mount(name, container, mountOptions);
      containers.set(name, container);
      toggleClasses(container, { field: name, empty: true, complete: false, valid: false });
      return {
        ...mounted,
        unmount() {
          mounted.unmount();
          containers.delete(name);
          for (const suffix of ['', '--focus', '--invalid', '--complete', '--empty'])
            container.classList.remove(`${CLASS}${suffix}`);
        },
      };
    },
    destroy() {
      for (const [name, container] of containers) {
        containers.delete(name);
        for (const suffix of ['', '--focus', '--invalid', '--complete', '--empty'])
          container.classList.remove(`${CLASS}${suffix}`);
      }
      fields.destroy();
    },
  };
}
