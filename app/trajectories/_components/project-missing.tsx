import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { withProject } from "@/lib/trajectories/project-param";

/** `?project=` names no project: say so, and offer the way to create it (uploading to it). */
export function ProjectMissing({ requested, slug }: { requested: string; slug: string | null }) {
  return (
    <EmptyState
      title={`No project “${requested}”`}
      description={
        slug ? (
          <p>This project does not exist yet. Uploading trajectories to it creates it.</p>
        ) : (
          <p>Project names in links are lowercase letters, digits and dashes, for example “my-agent-runs”.</p>
        )
      }
    >
      {slug ? (
        <ButtonLink href={withProject("/trajectories/upload", slug)} variant="primary">
          Upload to “{slug}”
        </ButtonLink>
      ) : null}
      <ButtonLink href="/trajectories">Show the default project</ButtonLink>
    </EmptyState>
  );
}
