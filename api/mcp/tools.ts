import { APP_TOOLS } from './tools-apps';
import { BRAND_TOOLS } from './tools-brand';
import { CREATE_TOOLS } from './tools-create';
import { EDITING_TOOLS } from './tools-editing';
import { PUBLISHING_TOOLS } from './tools-publishing';
import { RUN_TOOLS } from './tools-runs';
import { jsonSchemaOf, type Tool } from './tool';

/** Every tool of the MCP server, in the order an agent meets them. */
export const TOOLS: Tool[] = [
  ...APP_TOOLS,
  ...RUN_TOOLS,
  ...CREATE_TOOLS,
  ...PUBLISHING_TOOLS,
  ...BRAND_TOOLS,
  ...EDITING_TOOLS,
];

export type ListedTool = ReturnType<typeof listedTool>;

/** A tool as tools/list gives it: the JSON Schema of its arguments, and of its structured result if asked. */
export const listedTool = (t: Tool, options: { outputSchema: boolean }) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: jsonSchemaOf(t.input, 'input'),
  ...(options.outputSchema ? { outputSchema: jsonSchemaOf(t.output, 'output') } : {}),
  ...(t.annotations ? { annotations: t.annotations } : {}),
});
