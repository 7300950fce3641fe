//! The reference semantics: plain, obviously-correct scalar code that defines what
//! every kernel must return. Written for clarity, not speed; the test suite checks
//! it against Rust's std and every kernel against it.

pub mod transcode;
pub mod utf8;
