//! The functions through Ballista, DataFusion's distributed engine, in its
//! standalone mode (a scheduler and an executor in this process, talking
//! gRPC): the plan goes to the scheduler and the executor by name, and each
//! side finds the functions in its own registry.
//!
//! Two registrations are needed, as Ballista 55 stands:
//! - on the `SessionState` given to `standalone_with_state`, before the cluster
//!   starts: the scheduler and the executor copy their function registries from
//!   it;
//! - on the client context afterwards: `standalone_with_state` replaces the
//!   client's scalar functions with Ballista's list
//!   (`upgrade_for_ballista` → `with_scalar_functions`), so the SQL planner would
//!   not know them.
//!
//! A `MemTable` cannot be sent to the executor, so the table is a Parquet file.

mod common;

use std::sync::Arc;

use arrow_array::{ArrayRef, BinaryArray, Int64Array, RecordBatch};
use ballista::prelude::{SessionConfigExt, SessionContextExt};
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::execution::{FunctionRegistry, SessionStateBuilder};
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};

/// Writes `rows` (column `b`, with `id`) as Parquet files in a fresh directory.
async fn parquet(rows: &[Option<Vec<u8>>]) -> String {
    let dir = std::env::temp_dir().join(format!("utfast-ballista-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..rows.len() as i64));
    let bytes: ArrayRef = Arc::new(rows.iter().map(|r| r.as_deref()).collect::<BinaryArray>());
    let batch = RecordBatch::try_from_iter([("id", ids), ("b", bytes)]).unwrap();
    let path = format!("{}/", dir.display());
    SessionContext::new()
        .read_batch(batch)
        .unwrap()
        .repartition(datafusion::logical_expr::Partitioning::RoundRobinBatch(2))
        .unwrap()
        .write_parquet(&path, DataFrameWriteOptions::new(), None)
        .await
        .unwrap();
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn functions_run_in_ballista_standalone() {
    let rows = common::rows();
    let path = parquet(&rows).await;

    let config = SessionConfig::new_with_ballista().with_ballista_standalone_parallelism(2);
    let mut state = SessionStateBuilder::new()
        .with_config(config)
        .with_default_features()
        .build();
    // For the scheduler and the executor.
    for function in utfast_datafusion::functions() {
        state.register_udf(Arc::new(function)).unwrap();
    }
    let ctx = SessionContext::standalone_with_state(state).await.unwrap();
    // For the client's planner.
    utfast_datafusion::register(&ctx);
    ctx.register_parquet("t", &path, ParquetReadOptions::default())
        .await
        .unwrap();

    // The scheduler plans the query in stages (the plan Ballista explains).
    let plan = ctx
        .sql("EXPLAIN SELECT count(*) FROM t WHERE is_valid_utf8(b)")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let plan = datafusion::arrow::util::pretty::pretty_format_batches(&plan)
        .unwrap()
        .to_string();
    assert!(
        plan.contains("distributed_plan") && plan.contains("ShuffleWriterExec"),
        "{plan}"
    );

    common::assert_valid_count(&ctx, &rows).await;

    let fixed = common::strings(
        &common::column(&ctx, "SELECT id, make_valid_utf8(b) FROM t ORDER BY id").await,
    );
    let want: Vec<Option<String>> = rows
        .iter()
        .map(|r| r.as_ref().map(|b| String::from_utf8_lossy(b).into_owned()))
        .collect();
    assert_eq!(fixed, want);

    let latin1 = common::strings(
        &common::column(
            &ctx,
            "SELECT id, convert_from(b, 'latin1') FROM t ORDER BY id",
        )
        .await,
    );
    let want: Vec<Option<String>> = rows
        .iter()
        .map(|r| {
            r.as_ref()
                .map(|b| b.iter().map(|&c| char::from(c)).collect())
        })
        .collect();
    assert_eq!(latin1, want);

    let _ = std::fs::remove_dir_all(path);
}
