/**
 * The self-service sign-up form's rules, loaded with the form (lazyRules.ts).
 */
import { object } from 'yup';
import { fieldSchemaOf, listSchemaOf } from '../../forms/contractRules';
import { normalizeDomainEntry } from '../../../shared/signupPolicy';
import { signupPolicy } from '../../../shared/contracts/authentication';

/** The bounds are the body schema's (src/shared/contracts/authentication.ts); each entry's form the shared rule's. */
export const signupSchema = object({
  mode: fieldSchemaOf(signupPolicy, 'mode', 'Who may sign up'),
  allowed_domains: listSchemaOf(signupPolicy, 'allowed_domains', 'A domain entry is too long.')
    .test('domains', (list, ctx) => {
      const bad = (list ?? []).find((d) => normalizeDomainEntry(d ?? '') === null);
      return bad === undefined
        ? true
        : ctx.createError({
            message: `${bad}: not a domain name (example.com, or *.example.com for its subdomains)`,
          });
    })
    .when('mode', {
      is: 'domains',
      then: (s) => s.min(1, 'Name at least one domain, or choose another option.'),
    }),
});
