import { z } from 'zod';

/**
 * KEDA's ScaledObject (keda.sh/v1alpha1) as far as these manifests use it, with the `temporal` trigger's
 * parameters (KEDA 2.17+ docs, scalers/temporal). kubernetes-validate ships no schema for custom resources,
 * so this one checks them: unknown fields, wrong types and missing required parameters are refused. The
 * HPA `behavior` KEDA passes through is checked as what it becomes, an autoscaling/v2 HPA (kubernetes.ts).
 */
const Int32 = z
  .int()
  .min(0)
  .max(2 ** 31 - 1);
/** KEDA reads every trigger parameter as a string. */
const Count = z.string().regex(/^\d+$/, 'a whole number, as a string');
const Flag = z.enum(['true', 'false']);

const TemporalMetadata = z
  .strictObject({
    endpoint: z
      .string()
      .regex(/^[^\s:]+:\d+$/, 'host:port')
      .optional(),
    endpointFromEnv: z.string().min(1).optional(),
    namespace: z.string().min(1).optional(),
    taskQueue: z.string().min(1),
    queueTypes: z
      .string()
      .regex(/^(workflow|activity)(,(workflow|activity))?$/, 'workflow, activity or both')
      .optional(),
    targetQueueSize: Count.optional(),
    activationTargetQueueSize: Count.optional(),
    workerDeploymentName: z.string().optional(),
    workerDeploymentBuildId: z.string().optional(),
    includeRunningWorkflowCount: Flag.optional(),
    workflowTaskQueueForCount: z.string().optional(),
    apiKeyFromEnv: z.string().optional(),
    minConnectTimeout: Count.optional(),
    unsafeSsl: Flag.optional(),
    tlsServerName: z.string().optional(),
    enableTLS: Flag.optional(),
  })
  .refine((m) => (m.endpoint === undefined) !== (m.endpointFromEnv === undefined), {
    message: 'exactly one of endpoint and endpointFromEnv',
  });

const TemporalTrigger = z.strictObject({
  type: z.literal('temporal'),
  name: z.string().optional(),
  metadata: TemporalMetadata,
  authenticationRef: z
    .strictObject({
      name: z.string().min(1),
      kind: z.enum(['TriggerAuthentication', 'ClusterTriggerAuthentication']).optional(),
    })
    .optional(),
});

export const ScaledObject = z.strictObject({
  apiVersion: z.literal('keda.sh/v1alpha1'),
  kind: z.literal('ScaledObject'),
  metadata: z.strictObject({
    name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: z
    .strictObject({
      scaleTargetRef: z.strictObject({
        name: z.string().min(1),
        apiVersion: z.string().optional(),
        kind: z.string().optional(),
        envSourceContainerName: z.string().optional(),
      }),
      pollingInterval: Int32.optional(),
      cooldownPeriod: Int32.optional(),
      idleReplicaCount: Int32.optional(),
      minReplicaCount: Int32.optional(),
      maxReplicaCount: Int32.optional(),
      advanced: z
        .strictObject({
          restoreToOriginalReplicaCount: z.boolean().optional(),
          horizontalPodAutoscalerConfig: z
            .strictObject({
              name: z.string().optional(),
              behavior: z.record(z.string(), z.unknown()).optional(),
            })
            .optional(),
        })
        .optional(),
      triggers: z.array(TemporalTrigger).min(1),
    })
    .refine((s) => (s.minReplicaCount ?? 0) <= (s.maxReplicaCount ?? 100), {
      message: 'minReplicaCount above maxReplicaCount',
    }),
});
export type ScaledObject = z.infer<typeof ScaledObject>;
