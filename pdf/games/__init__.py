"""Game-specific painters: modules named after their game (``ore_published_board`` belongs
to ``ore-published``), each registering ``@painter("<game>.<thing>")`` functions and the game's
``@setup_steps``. A build imports only the modules of the game it builds."""
