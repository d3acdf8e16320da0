import { Alert, Button, Stack } from '@chakra-ui/react';
import type { OverviewTip, OverviewTipId } from '../lib/overview-rules';

interface Props {
  tips: readonly OverviewTip[];
  /** A button per tip (e.g. "Manage Availability"), when the dashboard can take the user there. */
  actions?: Partial<Record<OverviewTipId, { label: string; onClick: () => void }>>;
}

/** The suggestions of spec §9 (add slots, raise the rate), when they apply. */
export function OverviewTips({ tips, actions = {} }: Props) {
  if (tips.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-label="Tips">
      {tips.map((tip) => {
        const action = actions[tip.id];
        return (
          <Alert.Root key={tip.id} status="info" variant="surface" colorPalette="brand" rounded="xl" data-tip={tip.id}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{tip.title}</Alert.Title>
              <Alert.Description>{tip.text}</Alert.Description>
              {action && (
                <Button size="sm" variant="outline" alignSelf="start" mt="2" onClick={action.onClick}>
                  {action.label}
                </Button>
              )}
            </Alert.Content>
          </Alert.Root>
        );
      })}
    </Stack>
  );
}
