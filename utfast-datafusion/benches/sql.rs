//! SQL through DataFusion: utfast's functions against datafusion-spark's
//! row-at-a-time ones of the same names, on the same table in the same session
//! settings. (`convert_from`'s column conversion is measured against per-row
//! encoding_rs in utfast-arrow's `columns` bench.)
//!
//! The table: 1M rows of about 16 bytes (`utfast::sample::column`, a third of the
//! rows non-ASCII, one invalid row per 10,000) as `Binary`, in two partitions of
//! 8192-row batches, with `target_partitions = 2`.
//!
//! ```text
//! cargo bench -p utfast-datafusion --features bench-spark --profile sql-bench --bench sql
//! ```
//!
//! The `sql-bench` profile (the workspace's Cargo.toml) optimises the functions
//! compared and Arrow's array crates fully, and the rest of DataFusion, the same
//! for both sides, at opt-level 1 so that it builds in minutes.

use std::hint::black_box;
use std::sync::Arc;

use arrow_array::{ArrayRef, BinaryArray, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use criterion::Criterion;
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};
use tokio::runtime::Runtime;

/// The table `t(b)`: the sample column in two partitions of 8192-row batches.
fn table(values: &[u8], offsets: &[i32]) -> Arc<MemTable> {
    let schema = Arc::new(Schema::new(vec![Field::new("b", DataType::Binary, true)]));
    let rows = offsets.len() - 1;
    let batches: Vec<RecordBatch> = (0..rows)
        .step_by(8192)
        .map(|start| {
            let end = (start + 8192).min(rows);
            let array: BinaryArray = (start..end)
                .map(|i| Some(&values[offsets[i] as usize..offsets[i + 1] as usize]))
                .collect();
            RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(array) as ArrayRef]).unwrap()
        })
        .collect();
    let half = batches.len() / 2;
    let partitions = vec![batches[..half].to_vec(), batches[half..].to_vec()];
    Arc::new(MemTable::try_new(schema, partitions).unwrap())
}

/// A session over `t` with two target partitions.
fn session(t: &Arc<MemTable>) -> SessionContext {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(2));
    ctx.register_table("t", Arc::clone(t) as _).unwrap();
    ctx
}

/// Runs `sql` and returns the rows it gave.
async fn run(ctx: &SessionContext, sql: &str) -> usize {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    batches.iter().map(|b| b.num_rows()).sum()
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3))
        .sample_size(20)
        .configure_from_args();
    let cpu = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpu
        .lines()
        .find(|l| l.starts_with("model name"))
        .unwrap_or("");
    eprintln!(
        "CPU: {model}; kernel: {}",
        utfast::Engine::active().kernel()
    );

    let (values, offsets) = utfast::sample::column(1_000_000, 16, Some(10_000));
    let t = table(&values, &offsets);
    let ours = session(&t);
    utfast_datafusion::register(&ours);
    let spark = session(&t);
    for f in datafusion_spark::all_default_scalar_functions() {
        if ["is_valid_utf8", "make_valid_utf8"].contains(&f.name()) {
            spark.register_udf(f.as_ref().clone());
        }
    }
    let rt = Runtime::new().unwrap();

    for sql in [
        "SELECT count(*) FROM t WHERE is_valid_utf8(b)",
        "SELECT make_valid_utf8(b) FROM t",
    ] {
        // Both give the same answer before they are timed.
        assert_eq!(rt.block_on(run(&ours, sql)), rt.block_on(run(&spark, sql)));
        let mut g = c.benchmark_group(format!("sql/{sql}"));
        g.throughput(criterion::Throughput::Bytes(values.len() as u64));
        g.bench_function("utfast", |b| {
            b.iter(|| rt.block_on(run(&ours, black_box(sql))))
        });
        g.bench_function("datafusion-spark", |b| {
            b.iter(|| rt.block_on(run(&spark, black_box(sql))))
        });
        g.finish();
    }
    c.final_summary();
}
