//! What the commands share, and nothing that belongs to one of them: reading
//! inputs (`input`: files or standard input, chunks, UTF-8 validation as they
//! are read, encoding detection, line and column of an error, the bytes to
//! show), writing an output file safely (`output`: a temporary file renamed over
//! the target), the progress bar (`progress`) and messages (`report`: the exit
//! status, warnings, JSON lines, names of encodings and kernels). It imports no
//! command; of its modules, only `input` imports another (`progress`).

pub mod input;
pub mod output;
pub mod progress;
pub mod report;
