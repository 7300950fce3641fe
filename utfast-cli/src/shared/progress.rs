//! The progress bar of `validate`, `convert` and `repair` on standard error:
//! bytes read of the input's size, the rate and the time left, or a spinner with
//! the bytes read when the size is unknown (a pipe). `--progress` turns it on,
//! `--no-progress` off ([`ProgressArgs`]); by default it is on for a regular
//! file larger than [`AUTO_MIN`] when standard error is a terminal. indicatif
//! draws it (nothing where standard error is not a terminal) and counts the
//! bytes as the input is read through the bar (`ProgressBar::wrap_read`).

use std::io::{self, IsTerminal};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};

/// Inputs larger than this get a progress bar without `--progress`.
pub const AUTO_MIN: u64 = 256 << 20;

/// The long help of `--progress`.
pub const PROGRESS_HELP: &str = "\
Show a progress bar on standard error while the input is read: the bytes read of
its size, the rate and the time left (a spinner with the bytes read when the
size is unknown, as for a pipe). Without this option, the bar appears by itself
for a regular file larger than 256 MiB when standard error is a terminal, unless
--quiet or --no-progress is given. Nothing is drawn where standard error is not
a terminal.";

/// The bar for an input of known size.
const BAR: &str =
    "{msg} [{wide_bar}] {binary_bytes}/{binary_total_bytes} ({binary_bytes_per_sec}, {eta} left)";

/// The spinner for an input of unknown size.
const SPINNER: &str = "{spinner} {msg} {binary_bytes} ({binary_bytes_per_sec})";

/// `--progress` and `--no-progress`, of the commands that read their input in
/// chunks; the last one given wins.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressArgs {
    /// Show a progress bar on standard error
    #[arg(long, overrides_with = "no_progress", long_help = PROGRESS_HELP)]
    pub progress: bool,
    /// Show no progress bar, even for a large file
    #[arg(long, overrides_with = "progress")]
    pub no_progress: bool,
}

impl ProgressArgs {
    /// Whether an input of `size` bytes (when known: a regular file) gets a
    /// bar; `quiet` turns the automatic bar off.
    pub fn shown(&self, quiet: bool, size: Option<u64>) -> bool {
        match (self.progress, self.no_progress) {
            (true, _) => true,
            (_, true) => false,
            _ => !quiet && size.is_some_and(|size| size > AUTO_MIN) && io::stderr().is_terminal(),
        }
    }

    /// The bar for reading `name`, `size` bytes when known; hidden when not
    /// [`shown`](ProgressArgs::shown). It is cleared when its last handle is
    /// dropped, before anything else is written to standard error.
    pub fn bar(&self, quiet: bool, size: Option<u64>, name: &str) -> ProgressBar {
        if !self.shown(quiet, size) {
            return ProgressBar::hidden();
        }
        let template = if size.is_some() { BAR } else { SPINNER };
        let style = ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> ");
        ProgressBar::with_draw_target(size, ProgressDrawTarget::stderr())
            .with_style(style)
            .with_message(name.to_string())
            .with_finish(ProgressFinish::AndClear)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_when_asked_or_for_large_files_on_a_terminal() {
        let [auto, always, never] =
            [(false, false), (true, false), (false, true)].map(|(progress, no_progress)| {
                ProgressArgs {
                    progress,
                    no_progress,
                }
            });
        assert!(always.shown(false, Some(10)) && always.shown(true, None));
        assert!(!never.shown(false, Some(AUTO_MIN + 1)));
        assert!(!auto.shown(false, Some(AUTO_MIN)) && !auto.shown(false, None));
        assert!(!auto.shown(true, Some(AUTO_MIN + 1)));
        let terminal = io::stderr().is_terminal();
        assert_eq!(auto.shown(false, Some(AUTO_MIN + 1)), terminal);
        assert!(PROGRESS_HELP.contains(&format!("larger than {} MiB", AUTO_MIN >> 20)));
        // A bar counts what is read through it, shown or not.
        let bar = always.bar(false, Some(10), "f");
        let mut read = Vec::new();
        io::Read::read_to_end(&mut bar.wrap_read(&b"abcdef"[..]), &mut read).unwrap();
        assert_eq!(bar.position(), 6);
    }
}
