//! `detect_encoding(bytes)`: the most likely encoding of each row (a byte order
//! mark, UTF-8, UTF-16/32 by their zero bytes, else Windows-1252), as utfast's
//! detection names it (`UTF-8`, `UTF-16LE`, `windows-1252`, ...), ready for
//! `convert_from`.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericBinaryArray, OffsetSizeTrait, StringArray};
use arrow_schema::DataType;
use datafusion::common::{exec_err, plan_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};

use crate::map_columnar;

/// `detect_encoding`, as DataFusion calls it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct DetectEncoding {
    signature: Signature,
}

impl DetectEncoding {
    pub(crate) fn new() -> Self {
        DetectEncoding {
            signature: Signature::user_defined(Volatility::Immutable),
        }
    }
}

/// Each row's encoding name, null for a null row.
fn detect<O: OffsetSizeTrait>(array: &GenericBinaryArray<O>) -> ArrayRef {
    let names: StringArray = array
        .iter()
        .map(|row| row.map(|bytes| utfast::detect::encoding(bytes).encoding().name()))
        .collect();
    Arc::new(names)
}

impl ScalarUDFImpl for DetectEncoding {
    fn name(&self) -> &str {
        "detect_encoding"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        match arg_types {
            [DataType::LargeBinary | DataType::LargeUtf8] => Ok(vec![DataType::LargeBinary]),
            [DataType::Null
            | DataType::Binary
            | DataType::BinaryView
            | DataType::Utf8
            | DataType::Utf8View] => Ok(vec![DataType::Binary]),
            _ => plan_err!("detect_encoding takes one argument, bytes or a string: {arg_types:?}"),
        }
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let Some(arg) = args.args.into_iter().next() else {
            return exec_err!("detect_encoding takes one argument");
        };
        map_columnar(arg, |array| match array.data_type() {
            DataType::Binary => Ok(detect(array.as_binary::<i32>())),
            DataType::LargeBinary => Ok(detect(array.as_binary::<i64>())),
            other => exec_err!("detect_encoding: unsupported argument type {other}"),
        })
    }
}
