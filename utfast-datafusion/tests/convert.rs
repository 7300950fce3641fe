//! `convert_from`, `convert_to` and `detect_encoding` through a two-partition
//! `SessionContext`, against per-row models built on std and encoding_rs: every
//! mode, both offset widths, constants, nulls and the errors.

mod common;

use arrow_array::Array;
use common::{bytes, column, context, rows, strings, BINARY_CASTS};

/// `rows` decoded one by one: Latin-1 by std (each byte its code point).
fn latin1(rows: &[Option<Vec<u8>>]) -> Vec<Option<String>> {
    rows.iter()
        .map(|r| {
            r.as_ref()
                .map(|b| b.iter().map(|&c| char::from(c)).collect())
        })
        .collect()
}

/// UTF-16LE by std: `None` for a null row or one std rejects (odd length, a lone
/// surrogate); `replace` gives U+FFFD instead.
fn utf16le(rows: &[Option<Vec<u8>>], replace: bool) -> Vec<Option<String>> {
    rows.iter()
        .map(|r| {
            let b = r.as_ref()?;
            let units: Vec<u16> = b
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            let odd = b.len() % 2 == 1;
            match (String::from_utf16(&units), replace) {
                (Ok(s), _) if !odd => Some(s),
                (_, true) => {
                    let mut s = String::from_utf16_lossy(&units);
                    if odd {
                        s.push('\u{FFFD}');
                    }
                    Some(s)
                }
                _ => None,
            }
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn convert_from_matches_std_and_encoding_rs() {
    let rows = rows();
    let ctx = context(&rows).await;
    for cast in BINARY_CASTS {
        let sql = format!("SELECT id, convert_from({cast}, 'latin1') FROM t ORDER BY id");
        assert_eq!(strings(&column(&ctx, &sql).await), latin1(&rows), "{sql}");

        let sql = format!("SELECT id, convert_from({cast}, 'WIN1252') FROM t ORDER BY id");
        let want: Vec<Option<String>> = rows
            .iter()
            .map(|r| {
                let b = r.as_ref()?;
                let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(b);
                Some(text.into_owned())
            })
            .collect();
        assert_eq!(strings(&column(&ctx, &sql).await), want, "{sql}");

        for (mode, replace) in [("null", false), ("replace", true)] {
            let sql =
                format!("SELECT id, convert_from({cast}, 'utf-16le', '{mode}') FROM t ORDER BY id");
            let got = strings(&column(&ctx, &sql).await);
            let want = utf16le(&rows, replace);
            assert_eq!(got, want, "{sql}");
        }

        let sql = format!("SELECT id, convert_from({cast}, 'UTF-8', 'replace') FROM t ORDER BY id");
        let want: Vec<Option<String>> = rows
            .iter()
            .map(|r| r.as_ref().map(|b| String::from_utf8_lossy(b).into_owned()))
            .collect();
        assert_eq!(strings(&column(&ctx, &sql).await), want, "{sql}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn convert_to_round_trips_and_matches_std() {
    let rows = rows();
    let ctx = context(&rows).await;
    let text = latin1(&rows);
    for (open, close) in [("", ""), ("arrow_cast(", ", 'LargeUtf8')")] {
        // Latin-1 bytes to text and back are the bytes.
        let sql = format!(
            "SELECT id, convert_to({open}convert_from(b, 'latin1'){close}, 'latin1') FROM t ORDER BY id"
        );
        assert_eq!(bytes(&column(&ctx, &sql).await), rows, "{sql}");

        // Text to UTF-16LE, as std encodes it.
        let sql = format!(
            "SELECT id, convert_to({open}convert_from(b, 'latin1'){close}, 'utf-16le') FROM t ORDER BY id"
        );
        let want: Vec<Option<Vec<u8>>> = text
            .iter()
            .map(|t| {
                Some(
                    t.as_ref()?
                        .encode_utf16()
                        .flat_map(u16::to_le_bytes)
                        .collect(),
                )
            })
            .collect();
        assert_eq!(bytes(&column(&ctx, &sql).await), want, "{sql}");
    }

    // Characters Latin-1 lacks: an error naming the row, a null, or '?'.
    let sql = "SELECT convert_to('€ x', 'latin1')";
    let err = ctx
        .sql(sql)
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("convert_to: row 0: character U+20AC '€' at byte 0 cannot be written"),
        "{err}"
    );
    let got = strings(&column(&ctx, "SELECT 1, convert_to('€ x', 'latin1', 'replace')").await);
    assert_eq!(got, [Some("? x".to_owned())]);
    let got = column(&ctx, "SELECT 1, convert_to('€ x', 'latin1', 'null')").await;
    assert!(got.is_null(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_row_in_its_own_encoding() {
    let rows = rows();
    let ctx = context(&rows).await;
    // Even rows Latin-1, odd rows UTF-8 (with U+FFFD), every 7th a null name.
    let sql = "SELECT id, convert_from(b, CASE WHEN id % 7 = 3 THEN NULL WHEN id % 2 = 0 \
               THEN 'latin1' ELSE 'utf-8' END, 'replace') FROM t ORDER BY id";
    let got = strings(&column(&ctx, sql).await);
    let want: Vec<Option<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| match (i % 7 == 3, i % 2 == 0, r) {
            (true, _, _) | (_, _, None) => None,
            (_, true, Some(b)) => Some(b.iter().map(|&c| char::from(c)).collect()),
            (_, false, Some(b)) => Some(String::from_utf8_lossy(b).into_owned()),
        })
        .collect();
    assert_eq!(got, want);
    // detect_encoding then convert_from: every row becomes text.
    let sql = "SELECT id, convert_from(b, detect_encoding(b)) FROM t ORDER BY id";
    let got = strings(&column(&ctx, sql).await);
    assert_eq!(
        got.iter().filter(|r| r.is_some()).count(),
        rows.iter().flatten().count()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn detect_encoding_names_each_row() {
    let rows = rows();
    let ctx = context(&rows).await;
    let got = strings(&column(&ctx, "SELECT id, detect_encoding(b) FROM t ORDER BY id").await);
    let want: Vec<Option<String>> = rows
        .iter()
        .map(|r| {
            Some(
                utfast::detect::encoding(r.as_ref()?)
                    .encoding()
                    .name()
                    .to_owned(),
            )
        })
        .collect();
    assert_eq!(got, want);
    assert!(got.iter().flatten().any(|n| n == "UTF-8"));
    assert!(got.iter().flatten().any(|n| n == "windows-1252"));
    let got = strings(&column(&ctx, "SELECT 1, detect_encoding(X'FFFE61006200')").await);
    assert_eq!(got, [Some("UTF-16LE".to_owned())]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_say_what_and_where() {
    let rows = rows();
    let ctx = context(&rows).await;
    let error = |sql: &'static str| {
        let ctx = ctx.clone();
        async move {
            match ctx.sql(sql).await {
                Err(e) => e.to_string(),
                Ok(frame) => frame.collect().await.unwrap_err().to_string(),
            }
        }
    };
    // The first invalid non-null row (id 1 holds "cut \xE2\x82"... in UTF-16LE,
    // the odd rows are the ones that fail) and the byte within it.
    let e = error("SELECT convert_from(b, 'utf-16le') FROM t").await;
    assert!(
        e.contains("convert_from: row ") && e.contains("at byte "),
        "{e}"
    );
    let e = error("SELECT convert_from(b, 'klingon') FROM t").await;
    assert!(
        e.contains("unknown encoding 'klingon'") && e.contains("UTF-16LE"),
        "{e}"
    );
    let e = error("SELECT convert_from(b, 'latin1', 'ignore') FROM t").await;
    assert!(e.contains("unknown mode 'ignore'"), "{e}");
    let e = error("SELECT convert_from(b, CASE WHEN id < 3 THEN 'latin1' ELSE 'utf8' END) FROM t")
        .await;
    // Row 4 is the first invalid UTF-8 row ("bad\xFFbyte"), in the whole column.
    assert!(
        e.contains("convert_from: row 4: invalid UTF-8 at byte 3"),
        "{e}"
    );
    // The first batch to fail is either partition's: its first id is the name.
    let e = error("SELECT convert_from(b, CAST(id AS VARCHAR)) FROM t").await;
    assert!(
        e.contains("unknown encoding '0'") || e.contains("unknown encoding '1000'"),
        "{e}"
    );
    let e = error("SELECT convert_from(b) FROM t").await;
    assert!(e.contains("2 or 3 arguments"), "{e}");
    // A null encoding gives nulls.
    let got = column(&ctx, "SELECT id, convert_from(b, NULL) FROM t ORDER BY id").await;
    assert_eq!(got.null_count(), rows.len());
}
