import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { MyPackagesDocument, useCreatePackageMutation, useMyPackagesQuery, useUpdatePackageMutation, type CreatePackageInput } from '../../../gql/graphql';
import { LoadErrorAlert } from '../../../shared/components/LoadErrorAlert';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { draftOfPackage } from '../lib/package-form';
import { PackageFormDialog } from './PackageFormDialog';
import { PackageSummary } from './PackageSummary';

/** Dashboard → Profile (creators): the packages they sell beside their hourly rate. */
export function PackagesManager() {
  const { data, loading, error, refetch } = useMyPackagesQuery();
  const [create] = useCreatePackageMutation({ refetchQueries: [MyPackagesDocument] });
  const [update] = useUpdatePackageMutation();
  const packages = data?.myPackages ?? [];

  const save = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
      return true;
    } catch (caught) {
      toast.error('Could not save the package', errorMessage(caught, 'Please try again.'));
      return false;
    }
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="packages-heading">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
        <Stack gap="0.5">
          <Heading as="h3" size="lg" id="packages-heading">
            Packages
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Fixed deliverables at a fixed price, bought on your public page beside your hourly booking.
          </Text>
        </Stack>
        <PackageFormDialog
          trigger={
            <Button variant="outline">
              <LuPlus aria-hidden /> New package
            </Button>
          }
          title="New package"
          confirmLabel="Create package"
          onSubmit={(input: CreatePackageInput) => save(() => create({ variables: { input } }), 'Package created')}
        />
      </Flex>
      {error && <LoadErrorAlert title="Failed to load your packages" error={error} onRetry={() => refetch()} />}
      {!loading && !error && packages.length === 0 && (
        <Text color="fg.muted" textStyle="sm">
          No packages yet. A package is what brands buy most: “a 15-minute segment and 3 clips”, “overlay for a week”.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {packages.map((pkg) => (
          <Card.Root key={pkg.id} variant="outline" opacity={pkg.active ? 1 : 0.75}>
            <Card.Body gap="3">
              <PackageSummary pkg={pkg} />
              <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                <Switch.Root
                  size="sm"
                  checked={pkg.active}
                  onCheckedChange={(e) => void save(() => update({ variables: { id: pkg.id, input: { active: e.checked } } }), e.checked ? 'Package on sale' : 'Package taken off sale')}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{pkg.active ? 'On sale' : <Badge variant="subtle">Off sale</Badge>}</Switch.Label>
                </Switch.Root>
                <PackageFormDialog
                  trigger={
                    <Button size="sm" variant="ghost" aria-label={`Edit ${pkg.title}`}>
                      <LuPencil aria-hidden /> Edit
                    </Button>
                  }
                  title="Edit package"
                  confirmLabel="Save package"
                  initial={() => draftOfPackage(pkg)}
                  onSubmit={(input) => save(() => update({ variables: { id: pkg.id, input } }), 'Package saved')}
                />
              </Flex>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
