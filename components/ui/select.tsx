import type { ComponentProps } from "react";
import { cn } from "./cn";
import { CONTROL_CLASSES } from "./input";

/** A native <select>: keyboard and screen-reader behaviour come for free. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(CONTROL_CLASSES, "h-8 pr-8", className)} {...props} />;
}
