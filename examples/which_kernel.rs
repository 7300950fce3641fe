//! Prints the name of the kernel utfast's dispatcher chose for this CPU.
//!
//! ```text
//! $ cargo run --example which_kernel
//! avx512
//! $ cargo run --example which_kernel -- --all
//! avx512
//! available: scalar sse4.2 avx2 avx512
//! ```
//!
//! The first line is always the active kernel alone (what `utfast::validate_utf8`
//! and friends use, honouring `UTFAST_KERNEL`), so scripts can compare it directly;
//! `scripts/test-cpu-models.sh` runs this under emulated CPUs to check detection.
//! With `--all`, a second line lists every kernel this build and CPU can run.

use utfast::{Engine, Kernel};

fn main() {
    let mut all = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--all" => all = true,
            "-h" | "--help" => {
                println!("usage: which_kernel [--all]");
                return;
            }
            other => {
                eprintln!("which_kernel: unknown argument {other:?} (usage: which_kernel [--all])");
                std::process::exit(2);
            }
        }
    }

    println!("{}", Engine::active().kernel().name());
    if all {
        let names: Vec<&str> = Kernel::available().map(Kernel::name).collect();
        println!("available: {}", names.join(" "));
    }
}
