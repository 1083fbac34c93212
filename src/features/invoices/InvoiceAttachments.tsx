import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FILE_FIELD } from '../../../domain/file';
import type { InvoiceAttachment, InvoiceView } from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import { readFailure, refusedOffline } from '../../ui/connection';
import { Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { downloadWith } from '../../ui/download';
import { attachmentContent, deleteInvoiceAttachment, INVOICE_FAILURES, uploadInvoiceAttachment, useInvoiceAttachments } from './api';
import { takeStep } from './steps';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

export const ATTACHMENT_NOTICES = {
  uploaded: (name: string) => `${name} attached to the invoice.`,
  deleted: (name: string) => `${name} removed from the invoice.`,
} as const;

/** A size in the units people read: bytes, KB or MB. */
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${oneDecimal.format(bytes / 1024)} KB` : `${oneDecimal.format(bytes / (1024 * 1024))} MB`);

/** The upload form: a file and its description, posted as multipart; the server's messages show under their fields. */
function UploadForm({ invoice }: { invoice: number }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(0);
  useUnsavedChanges(file !== null || description !== '');
  const upload = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || busy || refusedOffline()) return;
    setBusy(true);
    const outcome = await takeStep(queryClient, invoice, () => uploadInvoiceAttachment(invoice, file, description), INVOICE_FAILURES.attach, (added) => ATTACHMENT_NOTICES.uploaded(added.original_name));
    setBusy(false);
    setProblems(outcome ?? {});
    if (outcome !== null) return;
    setFile(null);
    setDescription('');
    setPicker((n) => n + 1);
  };
  return (
    <form onSubmit={(e) => void upload(e)} noValidate aria-label="Attach a file">
      <Stack gap="3" maxW="xl">
        <Field.Root invalid={!!problems[FILE_FIELD]} required>
          <Field.Label>File</Field.Label>
          <Input key={picker} type="file" p="1" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {problems[FILE_FIELD] && <Field.ErrorText>{problems[FILE_FIELD]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!problems.description}>
          <Field.Label>Description</Field.Label>
          <Input size="lg" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
          {problems.description && <Field.ErrorText>{problems.description}</Field.ErrorText>}
        </Field.Root>
        {problems.non_field_errors && <Text color="fg.error">{problems.non_field_errors}</Text>}
        <Button alignSelf="start" size="lg" minH="11" type="submit" disabled={!file} loading={busy}>
          Upload
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The attachments of an invoice (decision 332): name, description, size and when added, each
 * downloaded with the session's token; holders of invoices.write upload and delete them.
 */
export function InvoiceAttachments({ invoice, user }: { invoice: Pick<InvoiceView, 'id'>; user: User | null }) {
  const queryClient = useQueryClient();
  const attachments = useInvoiceAttachments(invoice.id);
  const failure = readFailure(attachments);
  const mayWrite = can(user, 'invoices.write');
  const download = (attachment: InvoiceAttachment) => {
    if (!refusedOffline()) void downloadWith(() => attachmentContent(attachment), attachment.original_name, INVOICE_FAILURES.download);
  };
  const remove = async (attachment: InvoiceAttachment) => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Delete ${attachment.original_name}?`, message: 'The file is removed from the invoice and from the file store.', okLabel: 'Delete', cancelLabel: 'Keep it', type: 'negative' });
    if (ok) await takeStep(queryClient, invoice.id, () => deleteInvoiceAttachment(attachment), INVOICE_FAILURES.deleteAttachment, () => ATTACHMENT_NOTICES.deleted(attachment.original_name));
  };
  return (
    <Section title="Attachments">
      {!attachments.data ? (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      ) : (
        <Stack gap="4">
          <SimpleTable
            label="Attachments"
            headers={['File', 'Description', 'Size', 'Added', '']}
            empty="No attachments."
            rows={attachments.data.map((a) => [
              a.original_name,
              a.description || '—',
              sizeOf(a.size),
              formatDisplayDate(a.created_at),
              <HStack key={a.id} gap="2" wrap="wrap">
                <Button size="sm" minH="11" variant="outline" onClick={() => download(a)}>
                  Download
                </Button>
                {mayWrite && (
                  <Button size="sm" minH="11" variant="outline" colorPalette="red" onClick={() => void remove(a)}>
                    Delete
                  </Button>
                )}
              </HStack>,
            ])}
          />
          {mayWrite && <UploadForm invoice={invoice.id} />}
        </Stack>
      )}
    </Section>
  );
}
