import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <EmptyState
      className="mt-10"
      title="Page not found"
      description={<p>This address does not match any page. It may have been moved, or the item was deleted.</p>}
    >
      <ButtonLink href="/" variant="primary">
        Back to the dashboard
      </ButtonLink>
    </EmptyState>
  );
}
