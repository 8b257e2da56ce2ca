/**
 * The engines a durable agent runs on, as Layers providing `WorkflowEngine` and the
 * {@link RunStore}:
 * - {@link layerMemory}: in this process only (unit tests; nothing survives the process);
 * - {@link layerSingleRunner}: the cluster workflow engine on one runner (`SingleRunner`), its
 *   journal and the run store in PostgreSQL (one machine, crash-safe);
 * - {@link layerSocketRunner}: runners that talk over sockets (`NodeClusterSocket`) and share
 *   shards through PostgreSQL (many machines; a dead runner's runs move to the others), or a
 *   client-only process (`clientOnly: true`) that starts, reads, approves and interrupts runs.
 *
 * The SQL layers need a `SqlClient` (PostgreSQL): {@link layerPg} builds `@effect/sql-pg`'s from
 * effect `Config` (`DATABASE_URL` by default). Sharding settings come from `ShardingConfig`'s own
 * environment configuration (e.g. `SHARD_LOCK_EXPIRATION`, `RUNNER_HEALTH_CHECK_INTERVAL`, `HOST`,
 * `PORT`), overlaid by the `shardingConfig` option.
 *
 * @since 0.1.0
 */
import * as NodeClusterSocket from "@effect/platform-node/NodeClusterSocket"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Config, Layer } from "effect"
import * as ClusterWorkflowEngine from "effect/cluster/ClusterWorkflowEngine"
import type * as ShardingConfig from "effect/cluster/ShardingConfig"
import * as SingleRunner from "effect/cluster/SingleRunner"
import * as Digest from "effect/crypto/Digest"
import type { SqlClient } from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as WorkflowEngine from "effect/workflow/WorkflowEngine"
import * as RunStore from "./RunStore.ts"

/**
 * The engine and store of one process, in memory.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerMemory: Layer.Layer<WorkflowEngine.WorkflowEngine | RunStore.RunStore> = Layer.mergeAll(
  WorkflowEngine.layerMemory,
  RunStore.layerMemory
)

/**
 * Sharding settings to overlay on `ShardingConfig`'s environment configuration.
 *
 * @since 0.1.0
 * @category models
 */
export type ShardingOptions = Partial<ShardingConfig.ShardingConfig["Service"]>

/**
 * The cluster workflow engine on a single runner, with its messages, shards and the run store in
 * the context's SQL database.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerSingleRunner = (options?: {
  readonly shardingConfig?: ShardingOptions | undefined
}): Layer.Layer<WorkflowEngine.WorkflowEngine | RunStore.RunStore, Config.ConfigError | RunStore.RunStoreError, SqlClient> =>
  Layer.merge(
    ClusterWorkflowEngine.layer.pipe(
      Layer.provide(SingleRunner.layer({ shardingConfig: options?.shardingConfig, runnerStorage: "sql" })),
      Layer.provide(Digest.layerWebCrypto)
    ),
    RunStore.layerSql
  )

/**
 * The cluster workflow engine on socket runners sharing the context's SQL database: a runner
 * (listening on `shardingConfig.runnerAddress`, made with `RunnerAddress.make`), or with
 * `clientOnly: true` a process that runs no workflow but reaches those that do.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerSocketRunner = (options?: {
  readonly shardingConfig?: ShardingOptions | undefined
  readonly clientOnly?: boolean | undefined
}): Layer.Layer<WorkflowEngine.WorkflowEngine | RunStore.RunStore, Config.ConfigError | RunStore.RunStoreError, SqlClient> =>
  Layer.merge(
    ClusterWorkflowEngine.layer.pipe(
      Layer.provide(
        options?.clientOnly === true
          ? NodeClusterSocket.layer({ storage: "sql", clientOnly: true, shardingConfig: options.shardingConfig })
          : Layer.orDie(NodeClusterSocket.layer({ storage: "sql", shardingConfig: options?.shardingConfig }))
      )
    ),
    RunStore.layerSql
  )

/**
 * A PostgreSQL `SqlClient` (`@effect/sql-pg`) from effect `Config`: by default the connection
 * URL in `DATABASE_URL`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerPg = (
  config: Config.Wrap<PgClient.PgPoolConfig> = { url: Config.Redacted("DATABASE_URL") }
): Layer.Layer<PgClient.PgClient | SqlClient, Config.ConfigError | SqlError> => PgClient.layerConfig(config)
