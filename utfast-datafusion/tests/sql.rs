//! The SQL functions through a `SessionContext` with two partitions (both cores
//! work), against a per-row model built on std: `is_valid_utf8`,
//! `make_valid_utf8`, `try_validate_utf8`, `validate_utf8` (its error), on
//! `Binary`, `LargeBinary` and `BinaryView` columns and on strings.

mod common;

use arrow_array::cast::AsArray;
use arrow_array::Array;
use common::{column, context, rows, strings, BINARY_CASTS};
use datafusion::prelude::SessionContext;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn functions_match_the_per_row_model() {
    let rows = rows();
    let ctx = context(&rows).await;
    for cast in BINARY_CASTS {
        let valid = column(
            &ctx,
            &format!("SELECT id, is_valid_utf8({cast}) FROM t ORDER BY id"),
        )
        .await;
        let valid = valid.as_boolean();
        let fixed = column(
            &ctx,
            &format!("SELECT id, make_valid_utf8({cast}) FROM t ORDER BY id"),
        )
        .await;
        let tried = column(
            &ctx,
            &format!("SELECT id, try_validate_utf8({cast}) FROM t ORDER BY id"),
        )
        .await;
        let (fixed, tried) = (strings(&fixed), strings(&tried));
        for (i, row) in rows.iter().enumerate() {
            let want_valid = row.as_ref().map(|r| std::str::from_utf8(r).is_ok());
            let got_valid = (!valid.is_null(i)).then(|| valid.value(i));
            assert_eq!(got_valid, want_valid, "{cast}: is_valid_utf8 of row {i}");
            let want_fixed = row
                .as_ref()
                .map(|r| String::from_utf8_lossy(r).into_owned());
            assert_eq!(fixed[i], want_fixed, "{cast}: make_valid_utf8 of row {i}");
            let want_tried = row.as_ref().and_then(|r| String::from_utf8(r.clone()).ok());
            assert_eq!(tried[i], want_tried, "{cast}: try_validate_utf8 of row {i}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counts_filters_and_errors() {
    let rows = rows();
    let ctx = context(&rows).await;
    common::assert_valid_count(&ctx, &rows).await;

    // validate_utf8 fails on the invalid rows, naming the row and the byte.
    let error = ctx
        .sql("SELECT validate_utf8(b) FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("validate_utf8"), "{error}");
    assert!(
        error.contains("row ") && error.contains("at byte "),
        "{error}"
    );
    // ... and succeeds where every row is valid.
    let ok = ctx
        .sql("SELECT validate_utf8(b) FROM t WHERE is_valid_utf8(b)")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let total: usize = ok.iter().map(|b| b.num_rows()).sum();
    let valid = rows
        .iter()
        .flatten()
        .filter(|r| std::str::from_utf8(r).is_ok());
    assert_eq!(total, valid.count());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strings_and_literals() {
    let ctx = SessionContext::new();
    utfast_datafusion::register(&ctx);
    let batches = ctx
        .sql("SELECT is_valid_utf8('text'), make_valid_utf8(X'C3'), try_validate_utf8(X'C3A9'), is_valid_utf8(CAST(NULL AS BYTEA))")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let b = &batches[0];
    assert!(b.column(0).as_boolean().value(0));
    assert_eq!(strings(b.column(1))[0].as_deref(), Some("\u{FFFD}"));
    assert_eq!(strings(b.column(2))[0].as_deref(), Some("é"));
    assert!(b.column(3).is_null(0));
}
