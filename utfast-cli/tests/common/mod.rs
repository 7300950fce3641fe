//! Helpers shared by the tests that run the `utfast` command line as a process
//! (`tests/cli.rs`, `tests/cli_detect.rs`): temporary files,
//! the command with its kernel override cleared, standard input through a pipe,
//! and the text of its output streams.
#![allow(dead_code)]

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A file in the temporary directory with a name unique to this test run,
/// removed on drop.
pub struct TempFile {
    path: PathBuf,
}

impl TempFile {
    pub fn new(name: &str, contents: &[u8]) -> TempFile {
        Self::with_os_name(OsStr::new(name), contents)
    }

    pub fn with_os_name(name: &OsStr, contents: &[u8]) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let mut file_name = OsString::from(format!(
            "utfast-cli-{}-{}-",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        file_name.push(name);
        let path = std::env::temp_dir().join(file_name);
        std::fs::write(&path, contents).expect("write temporary file");
        TempFile { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path as `utfast` shows it.
    pub fn shown(&self) -> String {
        self.path.to_string_lossy().into_owned()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The `utfast` command, without the `UTFAST_KERNEL` of the environment.
pub fn utfast() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_utfast"));
    command.env_remove("UTFAST_KERNEL");
    command
}

/// Runs `utfast` with `input` written to its standard input through a pipe.
/// `utfast` may stop reading early (at the first error, or at the most it
/// examines), so the rest may not be written: a broken pipe is no failure.
pub fn run_with_stdin<S: AsRef<OsStr>>(args: &[S], input: &[u8]) -> Output {
    let mut child = utfast()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run utfast");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("wait for utfast");
    if let Err(error) = writer.join().unwrap() {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    output
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
