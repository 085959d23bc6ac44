/** The draft-07 meta-schema as a precompiled validator (generated: draft07-meta.js). */
declare const validate: {
  (schema: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
};
export default validate;
