// PLACEHOLDER route module: to be built by its issue.
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <title>Finalizar compra</title>
      <h1 className="text-2xl font-bold">Finalizar compra</h1>
    </main>
  );
}
