// PLACEHOLDER route module: to be built by its issue.
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <title>Mis productos</title>
      <h1 className="text-2xl font-bold">Mis productos</h1>
    </main>
  );
}
