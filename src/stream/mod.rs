//! Streaming: input that arrives in chunks, cut anywhere, with results and error
//! positions exactly those of the whole input converted at once, and absolute
//! (`u64`) offsets that pass 4 GiB. [`Utf8Validator`] validates UTF-8;
//! [`Transcoder`] converts between any two [`Encoding`](crate::Encoding)s in any
//! [`ErrorMode`](crate::ErrorMode); [`TranscodeReader`] and [`TranscodeWriter`]
//! wrap it as `std::io` adapters; [`validate_reader`] validates all an
//! `io::Read` yields, with the error's bytes and line and column, and
//! [`transcode_copy`] converts it all into an `io::Write`. Memory stays constant whatever the stream's
//! length.

pub(crate) mod block;
#[cfg(feature = "std")]
mod copy;
mod error;
mod general;
#[cfg(feature = "std")]
mod io;
#[cfg(feature = "std")]
mod read;
mod transcoder;
mod validator;

#[cfg(feature = "std")]
pub use copy::{
    repair_copy, repair_copy_with_buffer, transcode_copy, CopyIoError, TranscodeCopyError,
};
pub use error::{TranscodeError, TranscodeErrorKind, Utf8StreamError};
#[cfg(feature = "std")]
pub use io::{TranscodeReader, TranscodeWriter};
#[cfg(feature = "std")]
pub use read::{line_column_in, validate_reader, Utf8ReadError};
pub use transcoder::{BomHandling, Progress, Status, Transcoder};
pub use validator::Utf8Validator;
