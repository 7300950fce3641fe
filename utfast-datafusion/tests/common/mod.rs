//! What the SQL tests share: a table `t(id, b)` of rows with nulls, empty rows,
//! valid text and invalid bytes, in two partitions; a query's column.

// Each test binary uses some of these.
#![allow(dead_code)]

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BinaryArray, Int64Array, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};

/// Rows with nulls, empty rows, valid text in several scripts and invalid bytes.
pub fn rows() -> Vec<Option<Vec<u8>>> {
    let samples: [&[u8]; 8] = [
        b"plain",
        "café".as_bytes(),
        "日本語".as_bytes(),
        b"",
        b"bad\xFFbyte",
        b"cut \xE2\x82",
        b"\xED\xA0\x80 surrogate",
        "emoji 😀".as_bytes(),
    ];
    (0..2000)
        .map(|i| (i % 13 != 5).then(|| samples[i % samples.len()].repeat(1 + i % 3)))
        .collect()
}

/// A context with table `t(id, b)` in two partitions of several batches.
pub async fn context(rows: &[Option<Vec<u8>>]) -> SessionContext {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("b", DataType::Binary, true),
    ]));
    let batch = |range: std::ops::Range<usize>| {
        let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(
            range.clone().map(|i| i as i64),
        ));
        let bytes: ArrayRef = Arc::new(
            rows[range]
                .iter()
                .map(|r| r.as_deref())
                .collect::<BinaryArray>(),
        );
        RecordBatch::try_new(Arc::clone(&schema), vec![ids, bytes]).unwrap()
    };
    let n = rows.len();
    let partitions = vec![
        vec![batch(0..n / 4), batch(n / 4..n / 2)],
        vec![batch(n / 2..3 * n / 4), batch(3 * n / 4..n)],
    ];
    let table = MemTable::try_new(Arc::clone(&schema), partitions).unwrap();
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(2));
    ctx.register_table("t", Arc::new(table)).unwrap();
    utfast_datafusion::register(&ctx);
    ctx
}

/// The one column of a query ordered by id, as an array.
pub async fn column(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let arrays: Vec<ArrayRef> = batches.iter().map(|b| Arc::clone(b.column(1))).collect();
    let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
    datafusion::arrow::compute::concat(&refs).unwrap()
}

pub fn strings(array: &ArrayRef) -> Vec<Option<String>> {
    let array = datafusion::arrow::compute::cast(array, &DataType::Utf8).unwrap();
    let array = array.as_string::<i32>();
    (0..array.len())
        .map(|i| (!array.is_null(i)).then(|| array.value(i).to_owned()))
        .collect()
}

/// The binary column `b` as each binary type.
pub const BINARY_CASTS: [&str; 3] = [
    "b",
    "arrow_cast(b, 'LargeBinary')",
    "arrow_cast(b, 'BinaryView')",
];

/// A binary (or string) column's rows as bytes.
pub fn bytes(array: &ArrayRef) -> Vec<Option<Vec<u8>>> {
    let array = datafusion::arrow::compute::cast(array, &DataType::LargeBinary).unwrap();
    let array = array.as_binary::<i64>();
    (0..array.len())
        .map(|i| (!array.is_null(i)).then(|| array.value(i).to_vec()))
        .collect()
}

/// `SELECT count(*) FROM t WHERE is_valid_utf8(b)` counts the rows std accepts.
pub async fn assert_valid_count(ctx: &SessionContext, rows: &[Option<Vec<u8>>]) {
    let batches = ctx
        .sql("SELECT count(*) FROM t WHERE is_valid_utf8(b)")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let count = batches[0]
        .column(0)
        .as_primitive::<arrow_array::types::Int64Type>()
        .value(0);
    let want = rows
        .iter()
        .flatten()
        .filter(|r| std::str::from_utf8(r).is_ok())
        .count();
    assert_eq!(count as usize, want);
}
