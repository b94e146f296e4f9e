//! Evaluation metrics and corpus reading. Placeholder until the evaluation harness lands.
