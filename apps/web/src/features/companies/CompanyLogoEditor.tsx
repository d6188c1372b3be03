import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, FileInput, Group, Image, Stack, Text, Title } from '@mantine/core';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type Company } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useDeleteCompanyLogo, useUploadCompanyLogo } from './companiesQueries.ts';

/** The contract's limits, checked before the upload so that a wrong file fails at once. */
export function logoFileProblem(file: File): string | null {
  if (!LOGO_CONTENT_TYPES.some((type) => type === file.type)) {
    return 'The logo must be a PNG, JPEG, SVG or WebP image.';
  }
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be at most 2 MB.';
  return null;
}

/** Upload with a preview of the chosen file before sending; remove behind a danger confirmation. */
export function CompanyLogoEditor({ company }: { company: Company }) {
  const upload = useUploadCompanyLogo(company.companyId);
  const remove = useDeleteCompanyLogo(company.companyId);
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? logoFileProblem(file) : null;
  // jsdom has no object URLs; there the preview is simply left out.
  const preview = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function handleUpload() {
    if (!file || problem) return;
    upload.mutate(
      file,
      toastsFor('Logo uploaded', () => setFile(null)),
    );
  }

  function handleRemove() {
    void modals.danger({
      title: 'Remove logo',
      message: `Remove the logo of ${company.name}? The shell shows the Kelvin logo instead.`,
      okLabel: 'Remove logo',
      onOk: () => remove.mutateAsync().then(() => toastsFor('Logo removed').onSuccess(), failWithToast),
    });
  }

  const shown = preview ?? company.logoUrl;
  return (
    <Stack>
      <Title order={3}>Logo</Title>
      {shown !== null ? (
        <Image
          src={shown}
          alt={preview ? 'Preview of the new logo' : `${company.name} logo`}
          h={64}
          w="auto"
          fit="contain"
        />
      ) : (
        <Text c="dimmed">No logo yet.</Text>
      )}
      <FileInput
        label="Logo file"
        accept={LOGO_CONTENT_TYPES.join(',')}
        value={file}
        onChange={setFile}
        clearable
        error={problem}
      />
      {upload.isError && (
        <Alert color="red" title="Not uploaded" role="alert">
          {upload.error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={handleUpload} disabled={!file || problem !== null} loading={upload.isPending}>
          Upload logo
        </Button>
        {company.logoUrl !== null && (
          <Button color="red" variant="light" onClick={handleRemove} loading={remove.isPending}>
            Remove logo
          </Button>
        )}
      </Group>
    </Stack>
  );
}
