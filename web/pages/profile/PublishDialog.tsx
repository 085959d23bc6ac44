import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  IRI_FORMAT_MESSAGE,
  isValidIri,
  normalizeExternalIri,
  REQUIRED,
  type IriType,
  type Profile,
  type ProfileView,
  type ProfileVersion,
  type PublishInput,
} from '../../../common/profiles';
import { findingsOf, usePublishVersion, useRootIri } from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import { newUuid } from '../../lib/profiles';
import { IriChoice } from './IriChoice';
import { useReviewState } from '../../api/reviews';
import { MissingList } from '../../components/reviews/ReviewPanel';
import { ErrorAlert } from '../../components/parts';
import { FindingsList } from '../../components/profile-parts';

export const ACKNOWLEDGE_LABEL =
  'I understand that the IRI is permanent and cannot be changed once the profile is published.';

/** The external IRI's problem, if any: missing, or not an IRI. */
export function externalIriError(value: string): string | undefined {
  if (value.trim() === '') return REQUIRED;
  return isValidIri(normalizeExternalIri(value)) ? undefined : IRI_FORMAT_MESSAGE;
}

/**
 * Publishing a draft. The first publication fixes the IRI: the user chooses it and acknowledges
 * that it is permanent. Later versions only confirm. Validator findings are listed when the
 * server refuses the document.
 */
export function PublishDialog({
  opened,
  onClose,
  profile,
  version,
  onPublished,
}: {
  opened: boolean;
  onClose: () => void;
  profile: Profile;
  version: ProfileVersion;
  onPublished: (view: ProfileView) => void;
}) {
  const publish = usePublishVersion(profile.uuid, version.uuid);
  const firstPublication = !profile.iriFixed;
  const root = useRootIri(opened && firstPublication);
  const [previewUuid] = useState(newUuid);
  const [iriType, setIriType] = useState<IriType>(profile.iriType);
  const [extiri, setExtiri] = useState(profile.iriType === 'external-iri' ? profile.iri : '');
  const [extiriTouched, setExtiriTouched] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const review = useReviewState(profile.uuid, version.uuid, opened);
  const missing = review.data?.missing ?? [];
  const mayOverride = missing.length > 0 && review.data?.viewer === 'admin';
  const [overrideReason, setOverrideReason] = useState('');

  const generatedIri =
    profile.iriType === 'generated-iri' && profile.iri !== ''
      ? profile.iri
      : root.data === undefined
        ? undefined
        : `${root.data}/${previewUuid}`;
  const iriProblem = iriType === 'external-iri' ? externalIriError(extiri) : undefined;
  const findings = findingsOf(publish.error);
  const canPublish =
    (!firstPublication || (acknowledged && iriProblem === undefined)) &&
    (missing.length === 0 || (mayOverride && overrideReason.trim() !== ''));

  const close = () => {
    publish.reset();
    setAcknowledged(false);
    setExtiriTouched(false);
    onClose();
  };

  const submit = () => {
    if (!canPublish) {
      setExtiriTouched(true);
      return;
    }
    const reviewPart = mayOverride ? { overrideReason: overrideReason.trim() } : {};
    const input: PublishInput = firstPublication
      ? {
          confirmed: true,
          iriType,
          ...(iriType === 'external-iri' ? { extiri: normalizeExternalIri(extiri) } : {}),
          ...reviewPart,
        }
      : { confirmed: true, ...reviewPart };
    publish.mutate(input, {
      onSuccess: (view) => {
        feedback.showSuccess({
          subject: 'Profile published',
          message: `Version ${view.version.version} of ${view.version.name} was successfully published.`,
        });
        close();
        onPublished(view);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Publish Profile" centered size="lg">
      <Stack gap="md">
        {firstPublication ? (
          <>
            <Text size="sm">
              Publishing makes this profile public. Choose the IRI it will be known by.
            </Text>
            <IriChoice
              iriType={iriType}
              onIriTypeChange={setIriType}
              extiri={extiri}
              onExtiriChange={setExtiri}
              onExtiriBlur={() => setExtiriTouched(true)}
              extiriError={extiriTouched ? iriProblem : undefined}
              generatedIri={generatedIri}
              disabled={publish.isPending}
            />
            <Checkbox
              label={ACKNOWLEDGE_LABEL}
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            />
          </>
        ) : (
          <Text>Version {version.version} of this profile will be published to public.</Text>
        )}
        {review.data && <MissingList state={review.data} />}
        {mayOverride && (
          <Textarea
            label="Publish anyway: reason"
            description="As a group admin you may publish without the approvals; the reason is kept with the version for the group."
            value={overrideReason}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(e) => setOverrideReason(e.currentTarget.value)}
          />
        )}
        {missing.length > 0 && !mayOverride && (
          <Text size="sm">
            A group admin can publish it without the approvals, giving a reason.
          </Text>
        )}
        <FindingsList findings={findings} />
        {findings.length === 0 && <ErrorAlert error={publish.error} title="Not published" />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!canPublish} loading={publish.isPending}>
            {mayOverride ? 'Publish Without Approvals' : 'Publish Now'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
