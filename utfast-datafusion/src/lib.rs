//! # utfast-datafusion
//!
//! SQL functions for DataFusion on utfast's column kernels, batch at a time:
//!
//! - Spark's `is_valid_utf8(b)`, `make_valid_utf8(b)`, `validate_utf8(b)` and
//!   `try_validate_utf8(b)`, with Spark's semantics, as drop-in replacements for
//!   datafusion-spark's row-at-a-time ones. They take `Binary`, `LargeBinary`,
//!   `BinaryView` and the string types (always valid), and return the string type
//!   of the same width (`Boolean` for `is_valid_utf8`); null in, null out.
//! - PostgreSQL's `convert_from(bytes, 'latin1')` (text in any encoding utfast
//!   names: `UTF-16LE`, `windows-1252`, `CESU-8`, ... to a string) and
//!   `convert_to(text, 'utf-16le')` (a string to bytes), with an optional third
//!   argument for rows that cannot be converted: `'error'` (the default),
//!   `'null'` or `'replace'`.
//! - `detect_encoding(bytes)`: each row's likely encoding, a name `convert_from`
//!   takes.
//!
//! [`register`] adds them all to a `SessionContext`; [`functions`] returns them
//! for any other registry.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::common::Result<()> {
//! use datafusion::prelude::SessionContext;
//!
//! let ctx = SessionContext::new();
//! utfast_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT is_valid_utf8(X'C3A9'), make_valid_utf8(X'61FF62'), try_validate_utf8(X'FF'), \
//!           convert_from(X'636166E9', 'latin1'), detect_encoding(X'FFFE6100')")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| true "));
//! assert!(text.contains("a\u{FFFD}b"));
//! assert!(text.contains("| café ") && text.contains("| UTF-16LE "));
//! # Ok(())
//! # }
//! ```

mod convert;
mod detect;
mod spark;

use arrow_array::ArrayRef;
use arrow_schema::ArrowError;
use datafusion::common::{DataFusionError, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarUDF};
use datafusion::prelude::SessionContext;

/// The functions, to register with any `FunctionRegistry` (a `SessionContext`,
/// a Ballista session, ...).
///
/// ```
/// let names: Vec<String> = utfast_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert_eq!(names, ["is_valid_utf8", "make_valid_utf8", "validate_utf8", "try_validate_utf8",
///                    "convert_from", "convert_to", "detect_encoding"]);
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    let spark = spark::Kind::ALL
        .into_iter()
        .map(|kind| ScalarUDF::from(spark::Utf8Function::new(kind)));
    let convert = convert::Direction::ALL
        .into_iter()
        .map(|direction| ScalarUDF::from(convert::Convert::new(direction)));
    spark
        .chain(convert)
        .chain([ScalarUDF::from(detect::DetectEncoding::new())])
        .collect()
}

/// Registers the functions with `ctx`, replacing functions of the same names.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// utfast_datafusion::register(&ctx);
/// assert!(ctx.udf("make_valid_utf8").is_ok());
/// assert!(ctx.udf("convert_from").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}

/// A function's error from utfast-arrow: `name: message`, without Arrow's
/// prefix ("Invalid argument error: ").
pub(crate) fn arrow_error(name: &str, error: ArrowError) -> DataFusionError {
    let message = match error {
        ArrowError::InvalidArgumentError(m) | ArrowError::ComputeError(m) => m,
        other => other.to_string(),
    };
    DataFusionError::Execution(format!("{name}: {message}"))
}

/// A function of one array applied to a column or a constant: a constant gives
/// a constant.
pub(crate) fn map_columnar(
    arg: ColumnarValue,
    f: impl FnOnce(&ArrayRef) -> Result<ArrayRef>,
) -> Result<ColumnarValue> {
    match arg {
        ColumnarValue::Array(array) => Ok(ColumnarValue::Array(f(&array)?)),
        ColumnarValue::Scalar(scalar) => {
            let out = f(&scalar.to_array()?)?;
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        }
    }
}
