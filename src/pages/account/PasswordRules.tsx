// The password policy (contract/password.ts) as a checklist under the new-password field,
// updated as the person types. Each rule says in words whether it is met, so the state is not carried
// by colour or icon alone; the server checks the same rules again (and refuses common passwords).
import { Box, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'ra-core';
import { passwordProblems, type PasswordProblem } from '../../../contract/password';

const RULES: { problem: PasswordProblem; key: string }[] = [
  { problem: 'too_short', key: 'rule_length' },
  { problem: 'needs_upper', key: 'rule_upper' },
  { problem: 'needs_lower', key: 'rule_lower' },
  { problem: 'needs_digit', key: 'rule_digit' },
];
// The ceiling is listed only once passed: nobody types 129 characters by accident.
const TOO_LONG = { problem: 'too_long' as const, key: 'rule_max' };

export function PasswordRules({ password, id }: { password: string; id: string }) {
  const translate = useTranslate();
  const problems = new Set(passwordProblems(password));
  const rules = problems.has('too_long') ? [...RULES, TOO_LONG] : RULES;
  return (
    <Box id={id} component="div" sx={{ mt: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('olympus.account.password.rules_title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {rules.map(({ problem, key }) => {
          const met = !problems.has(problem);
          return (
            <Box
              component="li"
              key={key}
              data-met={met}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                color: met ? 'success.dark' : 'text.secondary',
                py: 0.25,
              }}
            >
              {met ? (
                <CheckCircleIcon fontSize="small" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              )}
              <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
                {translate(`olympus.account.password.${key}`)}
                <span
                  style={visuallyHidden}
                >{` (${translate(met ? 'olympus.account.password.rule_met' : 'olympus.account.password.rule_unmet')})`}</span>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
