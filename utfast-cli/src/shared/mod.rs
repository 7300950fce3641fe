//! What the commands share, and nothing that belongs to one of them: reading
//! inputs (`input`: files or standard input, chunks, encoding detection),
//! writing an output file safely (`output`: a temporary file renamed over the
//! target), the progress bar and its options (`progress`), messages (`report`:
//! the exit status, warnings, JSON lines, names of encodings and kernels) and
//! value parsers for the command line (`values`). It imports no command, and
//! none of its modules imports another.

pub mod input;
pub mod output;
pub mod progress;
pub mod report;
pub mod values;
