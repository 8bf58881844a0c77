"""The variant lab's screens: the scene (``scene.LabScene``) and the pieces beside it, each by its job."""
