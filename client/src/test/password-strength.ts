import type { MockedResponse } from '@apollo/client/testing';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';
import { PasswordStrengthDocument, type PasswordStrengthMutationVariables } from '../gql/graphql';
import { L33T_MAX_SUBSTITUTIONS, PASSWORD_STRENGTH_CHARS, passwordUserInputs } from '../features/auth/lib/password-rules';

/**
 * Component tests answer the forms' `passwordStrength` mutation as the server does: the same
 * estimator (zxcvbn-ts, a dev dependency here) with the server's options
 * (server/src/features/auth/password-strength.ts), so a test types real passwords and sees the
 * meter the server's answer draws. Any number of questions, any password.
 */
const estimator = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...enDictionary },
  graphs: adjacencyGraphs,
  translations,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  maxLength: PASSWORD_STRENGTH_CHARS,
});

export const passwordStrengthMock: MockedResponse = {
  request: { query: PasswordStrengthDocument },
  variableMatcher: () => true,
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: (variables: PasswordStrengthMutationVariables) => {
    const { password, email, displayName } = variables.input;
    const result = estimator.check(password.slice(0, PASSWORD_STRENGTH_CHARS), passwordUserInputs({ email, displayName }));
    return {
      data: {
        passwordStrength: {
          __typename: 'PasswordStrength',
          score: result.score,
          minScore: 3,
          warning: result.feedback.warning || null,
          suggestions: result.feedback.suggestions,
        },
      },
    };
  },
};
