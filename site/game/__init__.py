"""The game page: its state, its one writer, its flow, its drawing and its input."""
