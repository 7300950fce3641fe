//! A dirty binary column in a Parquet file, queried with utfast's SQL functions.
//!
//! ```text
//! cargo run -p utfast-datafusion --example parquet [-- FILE.parquet]
//! ```
//!
//! Writes `FILE.parquet` (by default `dirty.parquet` in the system's temporary
//! directory): a `BINARY` column `b` holding what ingestion pipelines meet,
//! valid UTF-8, Latin-1 and Windows-1252 bytes from legacy systems, UTF-16LE
//! from a Windows export, and broken bytes; then reads it back through a
//! `SessionContext` and runs the functions over it.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, BinaryArray, Int64Array, RecordBatch};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::common::Result;
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::prelude::{ParquetReadOptions, SessionContext};

/// The dirty rows: (what they are, their bytes).
fn dirty_rows() -> Vec<(&'static str, Option<Vec<u8>>)> {
    let utf16le = |text: &str| -> Vec<u8> {
        let mut bytes = vec![0xFF, 0xFE]; // a byte order mark, as Windows writes it
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    };
    vec![
        ("UTF-8", Some("plain ascii".into())),
        ("UTF-8", Some("café, naïve, 東京, 😀".into())),
        ("Latin-1", Some(b"caf\xE9 cr\xE8me br\xFBl\xE9e".to_vec())),
        ("Windows-1252", Some(b"\x93quoted\x94 \x80 5".to_vec())),
        ("UTF-16LE", Some(utf16le("Grüße aus Köln"))),
        ("broken UTF-8", Some(b"cut \xE2\x82 and \xFF bad".to_vec())),
        ("null", None),
    ]
}

async fn show(ctx: &SessionContext, sql: &str) -> Result<()> {
    println!("\n{sql}");
    match ctx.sql(sql).await?.collect().await {
        Ok(batches) => println!("{}", pretty_format_batches(&batches)?),
        Err(error) => println!("error: {error}"),
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        std::env::temp_dir()
            .join("dirty.parquet")
            .display()
            .to_string()
    });

    // Write the Parquet file.
    let rows = dirty_rows();
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..rows.len() as i64));
    let bytes: ArrayRef = Arc::new(
        rows.iter()
            .map(|(_, b)| b.as_deref())
            .collect::<BinaryArray>(),
    );
    let batch = RecordBatch::try_from_iter([("id", ids), ("b", bytes)])?;
    let writer = SessionContext::new();
    writer
        .read_batch(batch)?
        .write_parquet(
            &path,
            DataFrameWriteOptions::new().with_single_file_output(true),
            None,
        )
        .await?;
    println!("wrote {} rows to {path}:", rows.len());
    for (id, (what, _)) in rows.iter().enumerate() {
        println!("  {id}: {what}");
    }

    // Query it.
    let ctx = SessionContext::new();
    utfast_datafusion::register(&ctx);
    ctx.register_parquet("t", &path, ParquetReadOptions::default())
        .await?;
    show(
        &ctx,
        "SELECT count(*) AS all_rows, count(*) FILTER (WHERE is_valid_utf8(b)) AS utf8_rows FROM t",
    )
    .await?;
    show(&ctx, "SELECT id, is_valid_utf8(b) AS valid, try_validate_utf8(b) AS text, make_valid_utf8(b) AS repaired FROM t ORDER BY id").await?;
    show(&ctx, "SELECT id, detect_encoding(b) AS encoding, convert_from(b, detect_encoding(b)) AS text FROM t ORDER BY id").await?;
    show(&ctx, "SELECT id, convert_to(convert_from(b, detect_encoding(b)), 'latin1', 'replace') AS latin1 FROM t ORDER BY id").await?;
    // Strict, as PostgreSQL: the error names the row and the byte.
    show(&ctx, "SELECT validate_utf8(b) FROM t").await?;
    show(
        &ctx,
        "SELECT convert_from(b, 'utf-16le') FROM t WHERE id = 4",
    )
    .await?;
    Ok(())
}
