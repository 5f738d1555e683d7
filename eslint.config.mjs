import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const processEnvBan = {
  "no-restricted-properties": [
    "error",
    { object: "process", property: "env", message: "Read configuration through lib/env.ts." },
  ],
};

const config = [
  { ignores: [".next/**", "node_modules/**", "lib/db/generated/**", "test-results/**", "e2e/.report/**", "next-env.d.ts"] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["app/**", "components/**", "lib/**"], ignores: ["lib/env.ts"], rules: processEnvBan },
  {
    // Dependency rule (CONVENTIONS.md §1): lib/ is framework-free and never reaches up into the app.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["next", "next/*", "@/app/*", "@/components/*", "react", "react-dom"], message: "lib/ stays framework-free." }] },
      ],
    },
  },
  {
    // Client components get data through route handlers and actions, not the database or LLM.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/lib/db/*", "@/lib/llm/*", "@/lib/embeddings/*", "@/lib/jobs/*", "@/lib/env"], message: "components/ may only use lib types, query keys and pure helpers.", allowTypeImports: true }] },
      ],
    },
  },
];

export default config;
